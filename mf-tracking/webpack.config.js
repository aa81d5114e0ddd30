const { createAppConfig } = require('@sawari/build');
// Map style URL for deployments with a tile server (build time; default none: the built-in style needs no outside server).
module.exports = createAppConfig({
  appDir: __dirname,
  kind: 'remote',
  name: 'mf_tracking',
  define: { 'process.env.SAWARI_MAP_STYLE_URL': process.env.SAWARI_MAP_STYLE_URL || '' },
});
