import { ActionIcon, Button, Group, Popover, Radio, Slider, Stack, Text } from '@mantine/core';
import { IconPlayerPauseFilled, IconPlayerPlayFilled, IconVolume } from '@tabler/icons-react';
import { cloneElement, type ReactElement, useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

/** The tracks scripts/make-music.ts makes (docs/music.md), served from src-client/public/music. */
export const MUSIC_TRACKS = [
  { id: 'morning', src: '/music/morning.ogg' },
  { id: 'focus', src: '/music/focus.ogg' },
  { id: 'bright', src: '/music/bright.ogg' },
] as const;
type TrackId = (typeof MUSIC_TRACKS)[number]['id'];

const VOLUME_KEY = 'simgames.musicVolume';
const TRACK_KEY = 'simgames.musicTrack';
const DEFAULT_VOLUME = 0.5;

/** The volume this browser chose (0 to 1), else a half. */
export function storedVolume(): number {
  // Read whole or not at all: what the slider wrote, never the number at the front of something else.
  const raw = localStorage.getItem(VOLUME_KEY);
  const stored = raw === null || raw.trim() === '' ? Number.NaN : Number(raw);
  return Number.isFinite(stored) && stored >= 0 && stored <= 1 ? stored : DEFAULT_VOLUME;
}

function storedTrack(): TrackId {
  const stored = localStorage.getItem(TRACK_KEY);
  return MUSIC_TRACKS.find((track) => track.id === stored)?.id ?? MUSIC_TRACKS[0].id;
}

/**
 * The music player: a track among three, played in a loop, paused and played again, at a volume
 * from 0 to 1; the volume and the track are remembered by the browser. It opens with the press that
 * loaded it; the music starts only with a press of its play button (spec: never before a click).
 */
export default function MusicPlayer({ target }: { target: ReactElement<{ onClick?: () => void }> }) {
  const intl = useIntl();
  const audio = useRef<HTMLAudioElement>(null);
  const [opened, setOpened] = useState(true);
  const [track, setTrack] = useState<TrackId>(storedTrack);
  const [volume, setVolume] = useState(storedVolume);
  const [playing, setPlaying] = useState(false);
  const src = MUSIC_TRACKS.find((t) => t.id === track)?.src;

  useEffect(() => {
    if (audio.current) audio.current.volume = volume;
    localStorage.setItem(VOLUME_KEY, String(volume));
  }, [volume]);
  // Another track chosen while playing plays at once (its source changed, the element stopped).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the track changes
  useEffect(() => {
    localStorage.setItem(TRACK_KEY, track);
    if (playing) void audio.current?.play().catch(() => setPlaying(false));
  }, [track]);

  const toggle = () => {
    const element = audio.current;
    if (!element) return;
    if (element.paused) void element.play().catch(() => setPlaying(false));
    else element.pause();
  };

  return (
    <>
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-end"
        withinPortal
        shadow="md"
        width={260}
      >
        <Popover.Target>{cloneElement(target, { onClick: () => setOpened((o) => !o) })}</Popover.Target>
        <Popover.Dropdown data-testid="music-player">
          <Stack gap="sm">
            <Group justify="space-between" wrap="nowrap">
              <Text fw={700} size="sm">
                <FormattedMessage id="music.title" />
              </Text>
              <Button
                size="compact-sm"
                onClick={toggle}
                leftSection={
                  playing ? <IconPlayerPauseFilled size={14} /> : <IconPlayerPlayFilled size={14} />
                }
                data-testid="music-toggle"
                aria-pressed={playing}
              >
                <FormattedMessage id={playing ? 'music.pause' : 'music.play'} />
              </Button>
            </Group>
            <Radio.Group
              value={track}
              onChange={(value) => setTrack(value as TrackId)}
              label={intl.formatMessage({ id: 'music.track' })}
              size="sm"
            >
              <Stack gap={6} mt={4}>
                {MUSIC_TRACKS.map((t) => (
                  <Radio
                    key={t.id}
                    value={t.id}
                    label={intl.formatMessage({ id: `music.track.${t.id}` })}
                    data-testid={`music-track-${t.id}`}
                  />
                ))}
              </Stack>
            </Radio.Group>
            <Group gap="xs" wrap="nowrap">
              <ActionIcon variant="transparent" c="dimmed" aria-hidden tabIndex={-1} component="span">
                <IconVolume size={18} />
              </ActionIcon>
              <Slider
                flex={1}
                min={0}
                max={1}
                step={0.05}
                value={volume}
                onChange={setVolume}
                label={(value) => `${Math.round(value * 100)} %`}
                thumbLabel={intl.formatMessage({ id: 'music.volume' })}
                data-testid="music-volume"
              />
            </Group>
          </Stack>
        </Popover.Dropdown>
      </Popover>
      {/* biome-ignore lint/a11y/useMediaCaption: instrumental music, no words to caption */}
      <audio
        ref={audio}
        src={src}
        loop
        preload="none"
        data-testid="music-audio"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
      />
    </>
  );
}
