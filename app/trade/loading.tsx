import { TerminalSkeleton } from "@/components/terminal/terminal-section";

export default function Loading() {
  return <TerminalSkeleton label="Loading the trade desk" />;
}
