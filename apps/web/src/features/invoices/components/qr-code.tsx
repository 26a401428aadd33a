import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** The QR code (ZATCA's TLV payload, base64) drawn as SVG; the payload stays on the element for readers and tests. */
export function QrCode({ payload, label, className }: { payload: string; label: string; className?: string }) {
  const [svg, setSvg] = useState('');
  useEffect(() => {
    let alive = true;
    void QRCode.toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 }).then((s) => alive && setSvg(s));
    return () => {
      alive = false;
    };
  }, [payload]);
  const src = svg ? `data:image/svg+xml;utf8,${encodeURIComponent(svg)}` : undefined;
  return <div className={className ?? "invoice-qr"}>{src && <img src={src} alt={label} data-testid="invoice-qr" data-payload={payload} />}</div>;
}

