import { routeBadgeColors, routeBadgeLabel } from '@sawari/domain';
import styles from './route-badge.module.css';

export type RouteBadgeProps = {
  /** The route's name as the feed gives it: its short name ('5', '21A', 'AX1'), else its long name (Kochi's), which
   *  the badge abbreviates (routeBadgeLabel in @sawari/domain: "Fort Kochi ↔ Palarivattom" is "FK–PAL"). */
  shortName: string;
  /** The feed's route_color ('1A73E8' or '#1a73e8'); missing or malformed gives the readable default. */
  color?: string | null;
  /** The feed's route_text_color; replaced by black or white when it does not read at WCAG AA on the colour. */
  textColor?: string | null;
  className?: string;
};

/**
 * A route's short name drawn in its feed colours, contrast checked (see routeBadgeColors in @sawari/domain); a long name
 * abbreviated (routeBadgeLabel), the whole name its title. Every screen's badge is this one, so every screen follows it.
 */
export function RouteBadge({ shortName, color, textColor, className }: RouteBadgeProps) {
  const c = routeBadgeColors(color, textColor);
  const { label, abbreviated } = routeBadgeLabel(shortName);
  return (
    <span
      className={className ? `${styles.badge} ${className}` : styles.badge}
      style={{ backgroundColor: c.background, color: c.text }}
      data-route-badge=""
      data-route-color={c.fromFeed ? c.background : undefined}
      title={abbreviated ? shortName : undefined}
    >
      {label}
    </span>
  );
}
