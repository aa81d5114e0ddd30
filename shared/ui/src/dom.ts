import styles from './ui.module.css';
import type { UnavailableTexts } from './components';

/**
 * The same panel without React, for places where React may not be loaded (the shell's root config shows it when a
 * remote fails to arrive). Answers a function that removes it.
 */
export function renderUnavailablePanel(host: HTMLElement, { title, message, retryLabel = 'Retry' }: UnavailableTexts, onRetry?: () => void): () => void {
  const section = document.createElement('section');
  section.className = styles.panel;
  section.setAttribute('role', 'alert');
  const h = document.createElement('h2');
  h.textContent = title;
  const p = document.createElement('p');
  p.textContent = message;
  section.append(h, p);
  if (onRetry) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = styles.button;
    button.textContent = retryLabel;
    button.addEventListener('click', onRetry);
    section.append(button);
  }
  host.append(section);
  return () => section.remove();
}
