const { createAppConfig } = require('@sawari/build');
// The host: single-spa root config, layout, service worker (src/sw.ts), web app manifest (public/).
module.exports = createAppConfig({ appDir: __dirname, kind: 'host', name: 'sawari_shell' });
