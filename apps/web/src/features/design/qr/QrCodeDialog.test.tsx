import { QR_TEXTS } from '@loci/domain';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock';
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
  mockApi({
    'GET /api/client-config': { body: { tileUrl: 'https://tiles.example/{z}/{x}/{y}.png', publicUrl: PUBLIC_URL } },
  });
  return renderRoute(<QrCodeDialog {...all} />, '/', '/');
}

/** The server's PUBLIC_URL: the deep link is an https address under it (spec 3 §9), which a phone camera opens. */
const PUBLIC_URL = 'https://loci.example';
const LINK = `${PUBLIC_URL}/fe/gameplay/g1/s-harbour/do/Contact_a-chest/obj-7`;

const encoded = () => screen.getByLabelText('Encoded text');

describe('#design.qr.QrCodeDialog', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the exact deep link of the event, an https address under PUBLIC_URL, and its QR code', async () => {
    renderDialog();

    expect(await screen.findByRole('dialog', { name: QR_TEXTS.title })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: QR_TEXTS.deepLinkTab })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(encoded()).toHaveTextContent(new RegExp(`^${LINK}$`)));
    const image = await screen.findByRole('img', { name: `QR code of ${LINK}` });
    expect(image.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  });

  it("writes the universe scene as 'any'", async () => {
    renderDialog({ sceneId: 'universe', eventType: 'de', eventName: 'Contact_a-chest', objectId: 'a-chest' });
    await waitFor(() =>
      expect(screen.getByLabelText('Encoded text')).toHaveTextContent(
        `${PUBLIC_URL}/fe/gameplay/g1/any/de/Contact_a-chest/a-chest`,
      ),
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

    await waitFor(() => expect(encoded()).toHaveTextContent(LINK));
    await user.click(await screen.findByRole('button', { name: 'Copy' }));

    await waitFor(() => expect(writeText).toHaveBeenCalledWith(LINK));
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
    await waitFor(() => expect(encoded()).toHaveTextContent(LINK));

    await user.click(await screen.findByRole('button', { name: 'Download' }));

    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(toDataURL).toHaveBeenCalledWith(LINK, expect.objectContaining({ width: 1024 }));
    expect(clicked[0]?.download).toBe('QRCode.png');
    expect(clicked[0]?.href).toBe('data:image/png;base64,AAAA');
  });
});
