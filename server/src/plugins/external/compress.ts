import zlib from 'node:zlib';
import fp from 'fastify-plugin';
import compress from '@fastify/compress';

/**
 * Brotli or gzip for every compressible answer of this origin (JSON, HTML, playlists); the built
 * apps' assets are compressed once at build time and served as they are (plugins/external/static.ts),
 * media is left alone (its types are not compressible, and a range answer never is).
 * Compressed request bodies are refused rather than inflated: no client of ours sends one, and
 * an anonymous endpoint must not unpack what it is sent (docs/security.md "Limits").
 */
export default fp(async (app) => {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    // quality 4 (the plugin's default) with a 256 KB window instead of brotli's 4 MB: most
    // answers are a few kilobytes, and setting up the large window cost more than compressing
    // them (half of a test start's compression time); answers of a few hundred kilobytes come
    // out the same size
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } },
    // text, JSON, XML/SVG, scripts and HLS playlists (typed application/x-mpegURL by the file
    // server, whatever case); not octet-stream (the plugin's default
    // includes it): an unknown file is as likely a zip or a video as anything else
    customTypes: /^text\/(?!event-stream)|[+/](?:json|xml|javascript)(?:;|$)|^application\/(?:vnd\.apple\.mpegurl|x-mpegurl)(?:;|$)/i,
  });
}, { name: 'compress' });
