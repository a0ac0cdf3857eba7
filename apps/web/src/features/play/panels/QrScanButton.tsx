import { Alert, Button, Modal, Stack, Text } from '@mantine/core';
import { IconQrcode } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../locales';

/** Scans a QR code with the camera (qr-scanner); the text read goes to `onScan`. */
function Scanner({ onScan }: { onScan: (text: string) => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  const done = useRef(onScan);
  useEffect(() => {
    done.current = onScan;
  });
  useEffect(() => {
    let stopped = false;
    let scanner: { stop: () => void; destroy: () => void } | null = null;
    void import('qr-scanner')
      .then(async ({ default: QrScanner }) => {
        if (stopped || !video.current) return;
        const instance = new QrScanner(
          video.current,
          (result) => {
            instance.stop();
            done.current(result.data);
          },
          { preferredCamera: 'environment', highlightScanRegion: true, returnDetailedScanResult: true },
        );
        scanner = instance;
        await instance.start();
      })
      .catch((reason: unknown) => setError(reason instanceof Error ? reason.message : String(reason)));
    return () => {
      stopped = true;
      scanner?.stop();
      scanner?.destroy();
    };
  }, []);
  return (
    <Stack gap="sm">
      {error ? (
        <Alert color="orange" variant="light" title={t('play.codes.cameraError')}>
          {error}
        </Alert>
      ) : (
        <Text size="sm" c="dimmed">
          {t('play.codes.pointCamera')}
        </Text>
      )}
      <video ref={video} style={{ width: '100%', borderRadius: 8, background: '#000' }} muted playsInline />
    </Stack>
  );
}

/** A button that opens the camera and hands the scanned text on. */
export function QrScanButton({ onScan }: { onScan: (text: string) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="light" leftSection={<IconQrcode size={18} />} onClick={() => setOpen(true)}>
        {t('play.codes.scan')}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('play.codes.scanTitle')} centered>
        {open && (
          <Scanner
            onScan={(text) => {
              setOpen(false);
              onScan(text);
            }}
          />
        )}
      </Modal>
    </>
  );
}
