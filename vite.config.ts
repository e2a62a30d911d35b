import devServer from '@hono/vite-dev-server';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    tailwindcss(),
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
