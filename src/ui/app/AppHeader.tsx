/** The page's header: title, offline status, the buttons to the other modes, and the demonstration notice. */
import type { Ref } from 'react';
import type { Mode } from '../../store/inputs';
import { enterFullscreen } from '../hearing/fullscreen';
import { BuildGapsNotice } from '../layers/BuildGapsNotice';
import { DemonstrationNotice } from '../layers/DemonstrationNotice';
import { OfflineStatus } from '../offline/OfflineStatus';

export interface AppHeaderProps {
  mode: Mode;
  setMode: (mode: Mode) => void;
  /** Where focus returns when hearing mode ends. */
  hearingButton: Ref<HTMLButtonElement>;
  /** The offline status sits here, beside the title; a phone's header keeps to the title (the explorer's bottom sheet has it). */
  offlineStatus: boolean;
}

export function AppHeader({ mode, setMode, hearingButton, offlineStatus }: AppHeaderProps) {
  return (
    <header className="app-header">
      <div className="app-title">
        <h1>Wetland replacement siting explorer</h1>
        <p className="subtitle">Minnesota · Minn. Stat. 103G.222 · a screening aid, not a determination</p>
      </div>
      {offlineStatus && <OfflineStatus />}
      {mode.kind === 'explore' && (
        <div className="header-buttons">
          <button type="button" onClick={() => setMode({ kind: 'public' })}>
            Plain-language view
          </button>
          <button
            type="button"
            ref={hearingButton}
            onClick={() => {
              setMode({ kind: 'hearing', step: 0 });
              enterFullscreen();
            }}
          >
            Present at a hearing
          </button>
        </div>
      )}
      <DemonstrationNotice />
      <BuildGapsNotice />
    </header>
  );
}
