/** What the layout passes every shell screen: the route's decoded parameters (e.g. `data` of /Favorites/search/:data). */
export type ScreenProps = { params: Record<string, string> };
