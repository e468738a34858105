import { MEDIA_SETTINGS, RECORDING_PRESETS, type RecordingPresetId } from '@lp/shared/contract';

/** spec 2 §3.13 "Device option: value (device id), kind (audioinput or videoinput), label". */
export interface DeviceOption {
  value: string;
  kind: 'audioinput' | 'videoinput';
  /** the device's name, or DEFAULT_DEVICE_LABEL (a message key) when the browser gives none */
  label: string;
}

/** spec 2 §2.6 "Devices with an empty label are shown as 'default_device'". */
export const DEFAULT_DEVICE_LABEL = 'default_device';

export type MediaDevicesLike = Pick<MediaDevices, 'enumerateDevices' | 'getUserMedia'> & Partial<Pick<MediaDevices, 'getDisplayMedia'>>;

/** spec 2 §2.6 "checks that the browser supports media devices" ('app_requirements_not_met' otherwise). */
export function supportsMediaDevices(mediaDevices: Partial<MediaDevicesLike> | undefined | null): mediaDevices is MediaDevicesLike {
  return !!mediaDevices && typeof mediaDevices.getUserMedia === 'function' && typeof mediaDevices.enumerateDevices === 'function';
}

export interface DeviceLists {
  audio: DeviceOption[];
  video: DeviceOption[];
}

export function toDeviceLists(devices: readonly Pick<MediaDeviceInfo, 'deviceId' | 'kind' | 'label'>[]): DeviceLists {
  const lists: DeviceLists = { audio: [], video: [] };
  for (const device of devices) {
    if (device.kind !== 'audioinput' && device.kind !== 'videoinput') continue;
    const option: DeviceOption = { value: device.deviceId, kind: device.kind, label: device.label.trim() || DEFAULT_DEVICE_LABEL };
    (device.kind === 'audioinput' ? lists.audio : lists.video).push(option);
  }
  return lists;
}

export async function listDevices(mediaDevices: MediaDevicesLike): Promise<DeviceLists> {
  return toDeviceLists(await mediaDevices.enumerateDevices());
}

const device = (id: string | null | undefined): MediaTrackConstraints => (id ? { deviceId: { exact: id } } : {});

/** spec 4 "Media settings": audio with echo cancellation and noise suppression. */
export function microphoneConstraints(deviceId?: string | null): MediaTrackConstraints {
  return { ...device(deviceId), echoCancellation: MEDIA_SETTINGS.audio.echoCancellation, noiseSuppression: MEDIA_SETTINGS.audio.noiseSuppression };
}

/**
 * spec 4 "Media settings": camera width ideal 1280 (640–1920), height ideal 720 (360–1080),
 * 29.97 fps; the ideal size is the chosen recording preset's.
 */
export function cameraConstraints(deviceId: string | null | undefined, preset: RecordingPresetId): MediaTrackConstraints {
  const { camera, video } = MEDIA_SETTINGS;
  const { width, height } = RECORDING_PRESETS[preset];
  const clamp = (value: number, range: { min: number; max: number }) => Math.min(range.max, Math.max(range.min, value));
  return {
    ...device(deviceId),
    width: { ideal: clamp(width, camera.width), min: camera.width.min, max: camera.width.max },
    height: { ideal: clamp(height, camera.height), min: camera.height.min, max: camera.height.max },
    frameRate: { ideal: video.frameRate },
  };
}

/** A screen share no larger than the preset (the ingest scales to it anyway) and its audio when the browser offers it. */
export function displayConstraints(preset: RecordingPresetId): DisplayMediaStreamOptions {
  const { width, height } = RECORDING_PRESETS[preset];
  return { video: { width: { max: width }, height: { max: height }, frameRate: { ideal: MEDIA_SETTINGS.video.frameRate } }, audio: true };
}
