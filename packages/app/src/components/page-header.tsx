import type { ReactNode } from "react";
import { Brand } from "./brand";

/** The top bar of every screen: the BIS mark on the left, the screen's actions on the right. */
export function PageHeader({ actions }: { actions?: ReactNode }) {
  return (
    <header className="border-b border-slate-200 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
        <Brand />
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
    </header>
  );
}
