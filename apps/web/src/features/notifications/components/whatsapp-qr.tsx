import { Alert, Skeleton } from '@mantine/core';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The WhatsApp link's QR drawn as an image (SVG from the payload); when it cannot be drawn, the QR
 * load failure message (spec §8). The payload stays on the image for the end-to-end tests.
 */
export function WhatsappQr({ payload, size = 240 }: { payload: string; size?: number }) {
  const { t } = useTranslation('channels');
  const [svg, setSvg] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let alive = true;
    setSvg(null);
    setFailed(false);
    QRCode.toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }).then(
      (s) => alive && setSvg(s),
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
  }, [payload]);
  if (failed)
    return (
      <Alert color="red" data-testid="whatsapp-qr-failed">
        {t('qrFailed')}
      </Alert>
    );
  if (!svg) return <Skeleton w={size} h={size} radius="md" />;
  return <img src={`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`} width={size} height={size} alt={t('qrAlt')} data-testid="whatsapp-qr" data-payload={payload} style={{ background: 'white', borderRadius: 8 }} />;
}
