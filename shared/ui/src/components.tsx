import type { ButtonHTMLAttributes, CSSProperties } from 'react';
import styles from './ui.module.css';

export function Button({ variant = 'primary', className, ...rest }: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: 'primary' | 'secondary' }) {
  const cls = [styles.button, variant === 'secondary' ? styles.secondary : '', className ?? ''].filter(Boolean).join(' ');
  return <button type="button" className={cls} {...rest} />;
}

export type UnavailableTexts = { title: string; message: string; retryLabel?: string };

/** Inline "this part is unavailable" panel with a Retry button (role=alert so screen readers announce it). */
export function UnavailablePanel({ title, message, retryLabel = 'Retry', onRetry }: UnavailableTexts & { onRetry?: () => void }) {
  return (
    <section className={styles.panel} role="alert">
      <h2>{title}</h2>
      <p>{message}</p>
      {onRetry && <Button onClick={onRetry}>{retryLabel}</Button>}
    </section>
  );
}

export function Spinner({ label = 'Loading', style }: { label?: string; style?: CSSProperties }) {
  return (
    <span role="status" style={style}>
      <span className={styles.spinner} aria-hidden="true" />
      <span className={styles.srOnly}>{label}</span>
    </span>
  );
}

export function Skeleton({ width = '100%', height }: { width?: string; height?: string }) {
  return <span className={styles.skeleton} style={{ width, height }} aria-hidden="true" />;
}
