// The pages that print the menu are rendered by the API server with the live menu (see
// server/site-pages.ts); this adapter builds them into dist/site-server/entry.mjs, whose one
// export renders a page for a request. Every other page stays static HTML in dist/site.
export default function livePages() {
  return {
    name: 'comal:live-pages',
    hooks: {
      'astro:config:done': ({ setAdapter }) => {
        setAdapter({
          name: 'comal:live-pages',
          serverEntrypoint: new URL('./entry.mjs', import.meta.url),
          exports: ['render'],
          adapterFeatures: { buildOutput: 'server', edgeMiddleware: false },
          // The pages render in the API server's Node process, where sharp is installed: the image
          // service works there as in the static build.
          supportedAstroFeatures: {
            staticOutput: 'stable',
            hybridOutput: 'stable',
            serverOutput: 'stable',
            sharpImageService: 'stable',
          },
        });
      },
    },
  };
}
