"use client";

// The place of the order ticket on a symbol page. Until the trade desk's ticket (issue 6) takes it, it
// holds the ticket's price field, already linked to the book: clicking a level fills it.

import { useEffect, useId, useState } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useTicketLink } from "./ticket-link";

export function OrderTicketSlot() {
  const { market, picked } = useTicketLink();
  const [price, setPrice] = useState("");
  const id = useId();
  useEffect(() => {
    if (picked) setPrice(picked.price);
  }, [picked]);
  return (
    <Card data-testid="order-ticket">
      <CardHeader>
        <CardTitle>Order ticket</CardTitle>
        <CardDescription>Click a level in the book to take its price. Placing orders arrives with the trade desk.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        <Label htmlFor={id}>Price ({market.quote})</Label>
        <Input id={id} name="price" inputMode="decimal" autoComplete="off" value={price} onChange={(e) => setPrice(e.target.value)} className="font-mono tabular-nums" />
      </CardContent>
    </Card>
  );
}
