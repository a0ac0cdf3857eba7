import { QR_IMAGE_SIZE } from '@loci/domain';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** The QR code of `value` as an SVG data URL: sharp at any size, and drawn without a canvas. */
export function useQrSvg(value: string, enabled = true): string | null {
  const [drawn, setDrawn] = useState<{ value: string; url: string } | null>(null);
  useEffect(() => {
    if (!enabled || !value) return;
    let current = true;
    void QRCode.toString(value, { type: 'svg', margin: 2 }).then((svg) => {
      if (current) setDrawn({ value, url: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
    });
    return () => {
      current = false;
    };
  }, [value, enabled]);
  return drawn?.value === value ? drawn.url : null;
}

function saveAs(href: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
}

/** Downloads the QR code of `value` as `{name}.png`, 1024 px (spec 3 §9). */
export async function downloadQrPng(value: string, name: string): Promise<void> {
  saveAs(await QRCode.toDataURL(value, { width: QR_IMAGE_SIZE, margin: 2 }), `${name}.png`);
}

/** Downloads the QR code of `value` as `{name}.svg` (for print at any size). */
export async function downloadQrSvg(value: string, name: string): Promise<void> {
  const svg = await QRCode.toString(value, { type: 'svg', margin: 2, width: QR_IMAGE_SIZE });
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  try {
    saveAs(url, `${name}.svg`);
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}
