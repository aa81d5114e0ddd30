/** What every screen of this remote receives from the root (src/spa.tsx). */
export type ScreenProps = { params: Record<string, string>; pathname: string };
