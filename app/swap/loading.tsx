import { DeskSkeleton } from "@/components/shell/desk-skeleton";

export default function Loading() {
  return <DeskSkeleton label="Loading the swap desk" narrow="right" />;
}
