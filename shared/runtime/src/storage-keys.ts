// Keys of what the app keeps in localStorage that code without jotai or React reads too (the shell's root config).

/** The rider's chosen city id (absent until onboarding). */
export const CITY_STORAGE_KEY = 'sawari.city';
