import { routeBadgeColors } from '@sawari/domain';
import styles from './route-badge.module.css';

export type RouteBadgeProps = {
  /** The route's short name as the feed gives it ('5', '21A', 'AX1'). */
  shortName: string;
  /** The feed's route_color ('1A73E8' or '#1a73e8'); missing or malformed gives the readable default. */
  color?: string | null;
  /** The feed's route_text_color; replaced by black or white when it does not read at WCAG AA on the colour. */
  textColor?: string | null;
  className?: string;
};

/** A route's short name drawn in its feed colours, contrast checked (see routeBadgeColors in @sawari/domain). */
export function RouteBadge({ shortName, color, textColor, className }: RouteBadgeProps) {
  const c = routeBadgeColors(color, textColor);
  return (
    <span
      className={className ? `${styles.badge} ${className}` : styles.badge}
      style={{ backgroundColor: c.background, color: c.text }}
      data-route-badge=""
      data-route-color={c.fromFeed ? c.background : undefined}
    >
      {shortName}
    </span>
  );
}
