import devServer from '@hono/vite-dev-server';
import tailwindcss from '@tailwindcss/vite';
import { constants } from 'node:zlib';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    tailwindcss(),
    // Client files are compressed once here (best brotli and gzip); the server picks by Accept-Encoding.
    !isSsrBuild &&
      compression({
        include: /\.(js|css|svg|txt|json)$/,
        exclude: /\.vite\//,
        threshold: 512,
        algorithms: [defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }), defineAlgorithm('gzip', { level: 9 })],
      }),
    devServer({
      entry: 'src/dev.ts',
      injectClientScript: false,
      exclude: [/^\/(islands|src|node_modules|@vite|@fs|@id)\/.*/, /^\/@.+$/, /\.(css|ts|tsx|js|map)(\?.*)?$/],
    }),
  ],
  server: { port: Number(process.env.PORT ?? 5000) },
  build: isSsrBuild
    ? { outDir: 'dist/server', emptyOutDir: true, target: 'node20', copyPublicDir: false }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        manifest: true,
        rollupOptions: { input: ['islands/app.ts', 'islands/htmx.ts', 'islands/public.ts', 'islands/client.ts', 'src/ui/styles.css'] },
      },
}));
