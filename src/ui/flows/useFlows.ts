/**
 * The losses-and-replacements answer for the page's build and the loaded ledger files, worked out
 * on first use (ensureFlows) and again when either changes.
 */
import { useEffect } from 'react';
import { useLayerStore } from '../../store/layerStore';
import { ensureFlows, useFlowsStore } from './flowsStore';

export function useFlows() {
  const manifest = useLayerStore((state) => state.manifest);
  const baseUrl = useLayerStore((state) => state.baseUrl);
  const ledgers = useFlowsStore((state) => state.ledgers);
  const restored = useFlowsStore((state) => state.restored);
  // biome-ignore lint/correctness/useExhaustiveDependencies: ensureFlows reads the ledgers and restored from the store; they are listed so a change runs it again.
  useEffect(() => {
    ensureFlows(manifest, baseUrl);
  }, [manifest, baseUrl, ledgers, restored]);
  return useFlowsStore((state) => state.answer);
}
