/**
 * The printed report's map image: taken from the map just before printing (the button, Ctrl+P
 * or the browser's menu) and rendered before print reads the page.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { MapApi } from '../../map/mapTypes';
import type { ReportImage } from './ReportMapFigure';

/** The map's handle (set it from MapView's onMapReady), the report's element, and its image. */
export function useReportCapture() {
  const mapApi = useRef<MapApi | null>(null);
  const reportRef = useRef<HTMLElement>(null);
  const [reportImage, setReportImage] = useState<ReportImage | null>(null);
  /** Takes the map image for the report and renders it before returning (print reads the DOM next). */
  const captureReport = useCallback(() => {
    const api = mapApi.current;
    if (!api) return;
    const image = {
      url: api.toDataURL(),
      metersPerPixel: api.metersPerPixel(),
      width: api.size().width,
      capturedAt: new Date(),
    };
    flushSync(() => setReportImage(image));
  }, []);
  // Ctrl+P and the browser's menu print too: take the image just before.
  useEffect(() => {
    window.addEventListener('beforeprint', captureReport);
    return () => window.removeEventListener('beforeprint', captureReport);
  }, [captureReport]);
  return { mapApi, reportRef, reportImage, captureReport };
}
