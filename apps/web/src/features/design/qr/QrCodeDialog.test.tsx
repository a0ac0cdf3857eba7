import { QR_TEXTS } from '@loci/domain';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute, UI_TEST_TIMEOUT_MS } from '../world/test-support';
import { QrCodeDialog, type QrCodeDialogProps } from './QrCodeDialog';

function renderDialog(props: Partial<QrCodeDialogProps> = {}) {
  const all: QrCodeDialogProps = {
    opened: true,
    onClose: () => {},
    gameId: 'g1',
    sceneId: 's-harbour',
    eventType: 'do',
    eventName: 'Contact_a-chest',
    objectId: 'obj-7',
    ...props,
  };
  return renderRoute(<QrCodeDialog {...all} />, '/', '/');
}

const encoded = () => screen.getByLabelText('Encoded text');

describe('#design.qr.QrCodeDialog', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the exact deep link of the event and its QR code', async () => {
    renderDialog();

    expect(await screen.findByRole('dialog', { name: QR_TEXTS.title })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: QR_TEXTS.deepLinkTab })).toHaveAttribute('aria-selected', 'true');
    expect(encoded()).toHaveTextContent('gameplay/g1/s-harbour/do/Contact_a-chest/obj-7');
    const image = await screen.findByRole('img', { name: /^QR code of gameplay\/g1/ });
    expect(image.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  });

  it("writes the universe scene as 'any'", async () => {
    renderDialog({ sceneId: 'universe', eventType: 'de', eventName: 'Contact_a-chest', objectId: 'a-chest' });
    expect(await screen.findByLabelText('Encoded text')).toHaveTextContent(
      'gameplay/g1/any/de/Contact_a-chest/a-chest',
    );
  });

  it("offers the in-app text code only for event type 'do', holding only the object id", async () => {
    const { user, unmount } = renderDialog({ eventType: 'do' });
    await user.click(await screen.findByRole('tab', { name: QR_TEXTS.textCodeTab }));
    expect(encoded()).toHaveTextContent(/^obj-7$/);
    unmount();

    renderDialog({ eventType: 'de' });
    expect(await screen.findByRole('tab', { name: QR_TEXTS.deepLinkTab })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: QR_TEXTS.textCodeTab })).not.toBeInTheDocument();
  });

  it("copies the link to the clipboard and says 'Link copied'", async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    const { user } = renderDialog();
    // user-event installs its own clipboard on setup; replace it after.
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });

    await user.click(await screen.findByRole('button', { name: 'Copy' }));

    await waitFor(() => expect(writeText).toHaveBeenCalledWith('gameplay/g1/s-harbour/do/Contact_a-chest/obj-7'));
    expect(await screen.findByText(QR_TEXTS.linkCopied)).toBeInTheDocument();
  });

  it('downloads QRCode.png drawn at 1024 px', async () => {
    const QRCode = (await import('qrcode')).default;
    const toDataURL = vi
      .spyOn(QRCode, 'toDataURL')
      .mockImplementation((() => Promise.resolve('data:image/png;base64,AAAA')) as unknown as typeof QRCode.toDataURL);
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const { user } = renderDialog();

    await user.click(await screen.findByRole('button', { name: 'Download' }));

    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(toDataURL).toHaveBeenCalledWith(
      'gameplay/g1/s-harbour/do/Contact_a-chest/obj-7',
      expect.objectContaining({ width: 1024 }),
    );
    expect(clicked[0]?.download).toBe('QRCode.png');
    expect(clicked[0]?.href).toBe('data:image/png;base64,AAAA');
  });
});
