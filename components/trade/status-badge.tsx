import { Badge } from "@/components/ui/badge";
import { orderStatusWords } from "./trade-words";
import type { OrderView } from "@/lib/trading/contract/orders";

/** An order's status in words, coloured by how it went. */
export function OrderStatusBadge({ order }: { order: Pick<OrderView, "status" | "filledQuantity"> }) {
  const words = orderStatusWords(order);
  return <Badge variant={words.tone}>{words.label}</Badge>;
}
