/** Which layers are streaming full-resolution features for the view, and how far along. */
import { create } from 'zustand';
import type { LayerName } from '../formats/manifest';

export interface DetailProgress {
  title: string;
  /** Bytes read of the bytes the view needs. */
  loaded: number;
  total: number;
}

interface DetailStore {
  streams: Partial<Record<LayerName, DetailProgress>>;
  setStream: (name: LayerName, progress: DetailProgress | null) => void;
}

export const useDetailStore = create<DetailStore>((set) => ({
  streams: {},
  setStream: (name, progress) =>
    set((state) => {
      const streams = { ...state.streams };
      if (progress) streams[name] = progress;
      else delete streams[name];
      return { streams };
    }),
}));
