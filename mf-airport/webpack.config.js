const { createAppConfig } = require('@sawari/build');

// The boards' fixed kiosk key is a build-time constant (docs/architecture.md "Airport boards").
// The kiosk page's one script is a standalone entry beside the remote (docs/airport-timings.md "A board without the
// shell"): no Module Federation, no React; kiosk.json names it for the server.
module.exports = createAppConfig({
  appDir: __dirname,
  kind: 'remote',
  name: 'mf_airport',
  define: { 'process.env.SAWARI_KIOSK_KEY': process.env.SAWARI_KIOSK_KEY || 'sawari-dev-kiosk' },
  standaloneEntries: { kiosk: './src/kiosk/index.ts' },
});
