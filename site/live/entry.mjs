// The server side of the live pages: `render(request, locals)` answers a page as a Response,
// with `locals.menu` the menu to print (the server's current menu answer).
import { App } from 'astro/app';

export function createExports(manifest) {
  const app = new App(manifest);
  return {
    render: (request, locals) => app.render(request, { locals, addCookieHeader: false }),
  };
}
