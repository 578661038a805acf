// The module hooks of settings-file.mjs: settings/restaurant.json resolves to another file.
import { pathToFileURL } from 'node:url';

let file = '';

export function initialize(data) {
  file = data.file;
}

export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  if (!resolved.url.endsWith('/settings/restaurant.json')) return resolved;
  return { ...resolved, url: pathToFileURL(file).href };
}
