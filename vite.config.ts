import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Relative base so the built app works from any path (a file share, a sub-folder on a
// county web server); all data is read from ./data/ beside index.html.
export default defineConfig({
  base: './',
  plugins: [react()],
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173 },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 1500,
  },
});
