import type sharpFunction from 'sharp';

let loading: Promise<typeof sharpFunction> | undefined;

/**
 * sharp, loaded the first time a picture is read or drawn. Loading it (libvips and its version
 * checks) costs a cold build more than validating all the content, and a site without photos,
 * whose logo PNG is cached, never needs it.
 */
export function loadSharp(): Promise<typeof sharpFunction> {
  loading ??= import('sharp').then((module) => module.default);
  return loading;
}
