const { createAppConfig } = require('@sawari/build');
module.exports = createAppConfig({ appDir: __dirname, kind: 'remote', name: 'mf_premium' });
