// Sawari's icons: one set (lucide-react), one wrapper. Each icon is its own named export, so an app's bundle holds only
// the icons it draws (lucide-react is not shared through Module Federation: a shared module is bundled whole, about
// 1,500 icons; imported per icon it tree-shakes to ~0.3 KB gzip each).
// Decorative by default (aria-hidden, not focusable): the text beside an icon names the thing. Pass `label` for an icon
// that stands alone; it is then an image with that name.
import type { LucideIcon, LucideProps } from 'lucide-react';
import styles from './icons.module.css';
import {
  Armchair,
  Bus,
  CalendarClock,
  CircleAlert,
  CircleCheck,
  CircleX,
  Clock,
  CreditCard,
  Footprints,
  House,
  IdCard,
  Info,
  MapPin,
  Navigation,
  Plane,
  Radio,
  Route,
  Ship,
  Star,
  Ticket,
  TriangleAlert,
  User,
} from 'lucide-react';

export type IconProps = Omit<LucideProps, 'ref'> & {
  /** Accessible name: set only when no text beside the icon says what it means. */
  label?: string;
};

/** Wraps one lucide icon: 1.25em (scales with the text), currentColor, a small gap after it, hidden from assistive technology by default. */
export function icon(Glyph: LucideIcon, name: string) {
  function SawariIcon({ label, size = '1.25em', strokeWidth = 2, className, ...rest }: IconProps) {
    const a11y = label ? { role: 'img', 'aria-label': label, 'aria-hidden': undefined } : { 'aria-hidden': true as const, focusable: 'false' as const };
    return (
      <Glyph size={size} strokeWidth={strokeWidth} data-icon={name} className={className ? `${styles.icon} ${className}` : styles.icon} {...a11y} {...rest} />
    );
  }
  SawariIcon.displayName = `Icon(${name})`;
  return SawariIcon;
}

// Products
export const IconPass = /*#__PURE__*/ icon(IdCard, 'pass');
export const IconTicket = /*#__PURE__*/ icon(Ticket, 'ticket');
export const IconSeat = /*#__PURE__*/ icon(Armchair, 'seat');
export const IconCard = /*#__PURE__*/ icon(CreditCard, 'card');
export const IconAirport = /*#__PURE__*/ icon(Plane, 'airport');
// Modes and journeys
export const IconBus = /*#__PURE__*/ icon(Bus, 'bus');
export const IconFerry = /*#__PURE__*/ icon(Ship, 'ferry');
export const IconWalk = /*#__PURE__*/ icon(Footprints, 'walk');
export const IconRoute = /*#__PURE__*/ icon(Route, 'route');
export const IconStop = /*#__PURE__*/ icon(MapPin, 'stop');
export const IconTrack = /*#__PURE__*/ icon(Navigation, 'track');
// Time
export const IconClock = /*#__PURE__*/ icon(Clock, 'clock');
export const IconScheduled = /*#__PURE__*/ icon(CalendarClock, 'scheduled');
export const IconLive = /*#__PURE__*/ icon(Radio, 'live');
// Status
export const IconOk = /*#__PURE__*/ icon(CircleCheck, 'ok');
export const IconWarning = /*#__PURE__*/ icon(TriangleAlert, 'warning');
export const IconError = /*#__PURE__*/ icon(CircleX, 'error');
export const IconAlert = /*#__PURE__*/ icon(CircleAlert, 'alert');
export const IconInfo = /*#__PURE__*/ icon(Info, 'info');
// Navigation
export const IconHome = /*#__PURE__*/ icon(House, 'home');
export const IconAccount = /*#__PURE__*/ icon(User, 'account');
export const IconFavourite = /*#__PURE__*/ icon(Star, 'favourite');

/** The icon of a status pill's tone (spec §4 pills: ok, warn, bad); none for a neutral pill. The pill's words say it. */
export function ToneIcon({ tone }: { tone?: string | null }) {
  if (tone === 'ok') return <IconOk />;
  if (tone === 'warn') return <IconClock />;
  if (tone === 'bad') return <IconError />;
  return null;
}
