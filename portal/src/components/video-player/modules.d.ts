// video.js's core build (no bundled HLS engine: hls.js plays HLS where the browser cannot)
declare module 'video.js/core.es.js' {
  import videojs from 'video.js';
  export default videojs;
}
// hls.js without subtitles, alternate audio and DRM, which trainings do not use
declare module 'hls.js/light' {
  import Hls from 'hls.js';
  export default Hls;
}
