import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';

/**
 * Layers on another host (VITE_DATA_URL=https://data.example.org/mn/ at build time): the
 * page's Content-Security-Policy must let it connect there, so the build adds that origin to
 * connect-src. A deploy-time config.json naming another host needs the same edit by hand in
 * dist/index.html (data/README.md "Hosting the layers").
 */
function allowDataOrigin(dataUrl: string | undefined): Plugin {
  return {
    name: 'allow-data-origin',
    transformIndexHtml(html) {
      if (!dataUrl || !/^https?:\/\//i.test(dataUrl)) return html;
      const origin = new URL(dataUrl).origin;
      return html.replace("connect-src 'self'", `connect-src 'self' ${origin}`);
    },
  };
}

// Relative base so the built app works from any path (a file share, a sub-folder on a
// county web server); the data is read from ./data/ beside index.html unless the host says
// otherwise (src/geo/dataSource.ts).
export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  return {
    base: './',
    plugins: [react(), allowDataOrigin(env.VITE_DATA_URL ?? process.env.VITE_DATA_URL)],
    server: { host: '127.0.0.1', port: 5173 },
    preview: { host: '127.0.0.1', port: 4173 },
    build: {
      target: 'es2022',
      chunkSizeWarningLimit: 1500,
    },
  };
});
