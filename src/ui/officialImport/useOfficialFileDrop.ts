/**
 * Dropping files on the map starts the official-layer import (the layer list's "Load official
 * layers…" button is the keyboard way to the same). Only drags that carry files are taken.
 */
import { type DragEvent, useRef, useState } from 'react';
import { useOfficialImportStore } from './officialImportStore';

const carriesFiles = (event: DragEvent) => [...event.dataTransfer.types].includes('Files');

export function useOfficialFileDrop() {
  const [dragging, setDragging] = useState(false);
  // dragenter/dragleave fire for every child the pointer crosses: count them.
  const depth = useRef(0);
  const handlers = {
    onDragEnter(event: DragEvent) {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth.current += 1;
      setDragging(true);
    },
    onDragOver(event: DragEvent) {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
    },
    onDragLeave(event: DragEvent) {
      if (!carriesFiles(event)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setDragging(false);
    },
    onDrop(event: DragEvent) {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth.current = 0;
      setDragging(false);
      void useOfficialImportStore.getState().start([...event.dataTransfer.files]);
    },
  };
  return { dragging, handlers };
}
