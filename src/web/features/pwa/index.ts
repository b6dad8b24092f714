// What app/ uses of pwa: the install card and the installed app's sign-in bridge. The router
// loads the completion page lazily, main.tsx the worker registration.
export { exchangeStoredBridgeToken, workerInControl } from './bridge-client';
export { InstallCard } from './install-card';
