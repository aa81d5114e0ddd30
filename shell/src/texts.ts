// The shell's texts in one place (English; the layout can move to react-intl catalogs when it gains languages).
export const texts = {
  unavailable: {
    title: 'This part of Sawari is unavailable',
    message: 'It could not be loaded. The rest of Sawari keeps working. Check your connection and try again.',
    retryLabel: 'Retry',
  },
  updateReady: 'A new version of Sawari is ready',
  reload: 'Reload',
} as const;
