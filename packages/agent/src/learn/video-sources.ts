/** The video file extensions learn sends to a video-capable model, and their media types (SPEC L1). */
export const VIDEO_MEDIA_TYPES: Readonly<Record<string, string>> = Object.freeze({
  '.mp4': 'video/mp4',
  '.m4v': 'video/mp4',
  '.webm': 'video/webm',
  '.mov': 'video/quicktime',
});

/** The media type of a video path or URL path by its extension, or `undefined` for anything else. */
export function videoMediaType(pathname: string): string | undefined {
  const dot = pathname.lastIndexOf('.');
  return dot === -1 ? undefined : VIDEO_MEDIA_TYPES[pathname.slice(dot).toLowerCase()];
}

/** Sites whose pages play a video but are not one: their URL is refused with guidance (SPEC L1). */
const VIDEO_SITES = [
  'youtube.com',
  'youtu.be',
  'youtube-nocookie.com',
  'vimeo.com',
  'bilibili.com',
  'b23.tv',
  'dailymotion.com',
  'dai.ly',
  'twitch.tv',
  'tiktok.com',
  'douyin.com',
  'ixigua.com',
  'youku.com',
  'v.qq.com',
  'iqiyi.com',
  'nicovideo.jp',
  'rumble.com',
  'loom.com',
  'wistia.com',
];

/**
 * True when `hostname` belongs to a video site (the site itself or a subdomain: `m.youtube.com`,
 * `player.vimeo.com`), whose pages are players rather than video files.
 * @example isVideoSiteHost('www.youtube.com') // true
 */
export function isVideoSiteHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return VIDEO_SITES.some((site) => host === site || host.endsWith(`.${site}`));
}
