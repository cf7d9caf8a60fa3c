/**
 * One line of input (email, password). Ink's useInput throws without raw mode, so the input
 * is only read when the terminal supports it (STACK.md); callers never prompt without a TTY.
 */
import { Box, Text, useApp, useInput, useStdin } from "ink";
import { useRef, useState } from "react";

export interface PromptProps {
  label: string;
  mask?: boolean;
  color: boolean;
  onSubmit(value: string): void;
  onCancel(): void;
}

function Reader({ onKey }: { onKey: Parameters<typeof useInput>[0] }) {
  useInput(onKey);
  return null;
}

export function Prompt({ label, mask = false, color, onSubmit, onCancel }: PromptProps) {
  const { isRawModeSupported } = useStdin();
  const { exit } = useApp();
  // Keys can arrive faster than React renders (a paste, then Enter): the ref is the truth,
  // the state only redraws.
  const typed = useRef("");
  const [value, setValue] = useState("");
  const finished = useRef(false);
  const [done, setDone] = useState(false);

  const finish = (submit: boolean) => {
    finished.current = true;
    setDone(true);
    if (submit) onSubmit(typed.current);
    else onCancel();
    exit();
  };

  const onKey: Parameters<typeof useInput>[0] = (input, key) => {
    if (finished.current) return;
    if (key.ctrl && input === "c") return finish(false);
    if (key.return) return finish(true);
    if (key.backspace || key.delete) typed.current = [...typed.current].slice(0, -1).join("");
    else if (key.ctrl || key.meta || key.escape || key.tab || key.upArrow || key.downArrow) return;
    else if (input) typed.current += input.replace(/[\r\n]/g, "");
    setValue(typed.current);
  };

  const shown = mask ? "•".repeat([...value].length) : value;
  return (
    <Box>
      {isRawModeSupported ? <Reader onKey={onKey} /> : null}
      <Text bold={color}>{`${label}: `}</Text>
      <Text>{shown}</Text>
      {done ? null : <Text inverse={color}>{color ? " " : "_"}</Text>}
    </Box>
  );
}
