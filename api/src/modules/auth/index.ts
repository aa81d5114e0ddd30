/** The auth module's public face: the route guard every signed-in route uses, the one guard of the operator and
 *  validator keys, and the operator keys' settings. */
export { authGuard, authOf, type AuthContext, type AuthGuard } from './guard';
export { DEV_OPS_KEY, opsSettings, type OpsSettings } from './ops-settings';
export { keyGuard, type KeyGuard, type KeyScheme } from './key-guard';
