import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test-support';
import { RoutePanel, type RouteSettings } from './RoutePanel';

const GPX = `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
  <trk><name>Harbour walk</name><trkseg>
    <trkpt lat="35.5200" lon="24.0200"><ele>3</ele></trkpt>
    <trkpt lat="35.5209" lon="24.0200"><ele>4</ele></trkpt>
    <trkpt lat="35.5209" lon="24.0211"><ele>5</ele></trkpt>
  </trkseg></trk>
</gpx>`;

function Harness({
  onPlay = () => undefined,
  onChange,
}: {
  onPlay?: () => void;
  onChange?: (s: RouteSettings) => void;
}) {
  const [settings, setSettings] = useState<RouteSettings>({ route: [], speed: 5, noise: null, policy: 'stop' });
  return (
    <RoutePanel
      settings={settings}
      onChange={(next) => {
        setSettings(next);
        onChange?.(next);
      }}
      drawing={false}
      onDrawing={() => undefined}
      status="idle"
      walked={0}
      onPlay={onPlay}
      onStop={() => undefined}
    />
  );
}

const fileInput = (container: HTMLElement) => container.querySelector<HTMLInputElement>('input[type="file"]')!;

describe('RoutePanel', () => {
  it('reads the route of a GPX file: its three track points, about 0.2 km', async () => {
    const onChange = vi.fn();
    const { user, container } = renderWithProviders(<Harness onChange={onChange} />);
    expect(screen.getByText('0 points · 0.00 km')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Play at 5×' })).toBeDisabled();

    await user.upload(fileInput(container), new File([GPX], 'walk.gpx', { type: 'application/gpx+xml' }));

    expect(await screen.findByText('3 points · 0.20 km')).toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({
        route: [
          { latitude: 35.52, longitude: 24.02 },
          { latitude: 35.5209, longitude: 24.02 },
          { latitude: 35.5209, longitude: 24.0211 },
        ],
      }),
    );
    expect(screen.getByRole('button', { name: 'Play at 5×' })).toBeEnabled();
  });

  it('says so when a file has no track', async () => {
    const { user, container } = renderWithProviders(<Harness />);
    await user.upload(
      fileInput(container),
      new File(['<gpx xmlns="http://www.topografix.com/GPX/1/1"/>'], 'empty.gpx'),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('empty.gpx has no track or route.');
  });

  it('plays at the speed chosen, with GPS noise when asked', async () => {
    const onPlay = vi.fn();
    const onChange = vi.fn();
    const { user, container } = renderWithProviders(<Harness onPlay={onPlay} onChange={onChange} />);
    await user.upload(fileInput(container), new File([GPX], 'walk.gpx'));
    await screen.findByText('3 points · 0.20 km');

    await user.click(screen.getByText('20×'));
    await user.click(screen.getByRole('switch', { name: 'GPS noise' }));
    await user.clear(screen.getByRole('textbox', { name: 'Jitter (m)' }));
    await user.type(screen.getByRole('textbox', { name: 'Jitter (m)' }), '12');
    await user.click(screen.getByRole('button', { name: 'Play at 20×' }));

    expect(onPlay).toHaveBeenCalledOnce();
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ speed: 20, noise: { accuracy: 10, jitter: 12 } }),
    );
  });
});
