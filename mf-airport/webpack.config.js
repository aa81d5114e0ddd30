const { createAppConfig } = require('@sawari/build');
// The boards' fixed kiosk key is a build-time constant (docs/architecture.md "Airport boards").
module.exports = createAppConfig({
  appDir: __dirname,
  kind: 'remote',
  name: 'mf_airport',
  define: { 'process.env.SAWARI_KIOSK_KEY': process.env.SAWARI_KIOSK_KEY || 'sawari-dev-kiosk' },
});
