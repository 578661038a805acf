/**
 * A real HTTP server on 127.0.0.1 answering GET /api/menus/ the way the API does, for the widget's
 * tests in happy-dom: the page is put on the server's origin, so the widget's calls are
 * same-origin as on /order/. `hold()` keeps the menus answer back until `release()`.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { restaurant } from '../../shared/restaurant.ts';

export interface MenuServer {
  origin: string;
  /** How many GET /api/menus/ calls arrived. */
  menuCalls(): number;
  /** Keeps the next menus answers back until release(). */
  hold(): void;
  release(): void;
  close(): Promise<void>;
}

export interface MenusAnswer {
  status: number;
  body: unknown;
}

/** A small menu in the API's shape: drinks with horchata, tacos with a subcategory, a sold-out item. */
export const smallMenus = [
  {
    name: restaurant.menuName,
    categories: [
      {
        name: 'Tacos',
        menu_items: [
          {
            id: 'taco-plate',
            name: 'Plato de Tacos',
            description: 'Three tacos of one filling.',
            base_price: '13.95',
            is_special: false,
            clover_id: null,
            photo: '/images/menu/taco-plate.jpg',
            available: true,
            modifier_groups: [
              {
                id: 'grp-protein',
                name: 'Protein',
                force_popup: true,
                min_required: 1,
                max_allowed: 1,
                modifiers: [{ id: 'mod-asada', name: 'Asada', price: '0.00', available: true }],
              },
            ],
          },
        ],
        subcategories: [
          {
            name: 'Classic',
            menu_items: [
              {
                id: 'taco-pastor',
                name: 'Taco al Pastor',
                description: 'Pork from the trompo.',
                base_price: '4.25',
                is_special: true,
                clover_id: null,
                photo: '/images/menu/pastor-taco.jpg',
                available: true,
                modifier_groups: [],
              },
              {
                id: 'taco-lengua',
                name: 'Taco de Lengua',
                description: 'Braised beef tongue.',
                base_price: '5.25',
                is_special: false,
                clover_id: null,
                photo: null,
                available: false,
                modifier_groups: [],
              },
            ],
          },
        ],
      },
      {
        name: 'Bebidas',
        menu_items: [
          {
            id: 'horchata',
            name: 'Horchata',
            description: 'Rice and cinnamon.',
            base_price: '3.50',
            is_special: false,
            clover_id: null,
            photo: null,
            available: true,
            modifier_groups: [],
          },
          {
            id: 'jamaica',
            name: 'Agua de Jamaica',
            description: 'Hibiscus.',
            base_price: '3.25',
            is_special: false,
            clover_id: null,
            photo: null,
            available: true,
            modifier_groups: [],
          },
          {
            id: 'jalapeno',
            name: 'Limonada con Jalapeño',
            description: 'Lemonade with a bite.',
            base_price: '4.00',
            is_special: false,
            clover_id: null,
            photo: null,
            available: true,
            modifier_groups: [],
          },
        ],
      },
    ],
  },
];

export async function startMenuServer(answer: MenusAnswer = { status: 200, body: smallMenus }): Promise<MenuServer> {
  let calls = 0;
  let held = false;
  const waiting: (() => void)[] = [];
  const server = createServer((request, response) => {
    if (request.method === 'GET' && request.url?.split('?')[0] === '/api/menus/') {
      calls += 1;
      const send = () => {
        response.writeHead(answer.status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache' });
        response.end(JSON.stringify(answer.body));
      };
      if (held) waiting.push(send);
      else send();
      return;
    }
    response.writeHead(404, { 'Content-Type': 'text/plain' });
    response.end('Not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    menuCalls: () => calls,
    hold: () => void (held = true),
    release: () => {
      held = false;
      waiting.splice(0).forEach((send) => send());
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
