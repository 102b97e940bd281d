import { describe, expect, it } from "vitest";
import { currencyLabel, formatMoney, formatMoneyList } from "./money";

describe("formatMoney", () => {
  it("formats in the amount’s currency and the reader’s locale", () => {
    expect(formatMoney(1234.5, "USD", "en-US")).toBe("$1,234.50");
    expect(formatMoney(1234.5, "EUR", "en-US")).toBe("€1,234.50");
    expect(formatMoney(1234.5, "EUR", "pt-PT")).toMatch(/^1234,50\s€$/);
    expect(formatMoney(1234.5, "EUR", "de-DE")).toMatch(/^1\.234,50\s€$/);
  });

  it("never shows decimals for yen", () => {
    for (const locale of ["en-US", "ja-JP", "de-DE"]) {
      for (const amount of [28000, 31555, 1234.5, 0, 99.99]) {
        const text = formatMoney(amount, "JPY", locale);
        expect(text, `${amount} in ${locale}`).not.toMatch(/[.,]\d{1,2}(?!\d)/);
      }
    }
    expect(formatMoney(28000, "JPY", "en-US")).toBe("¥28,000");
    expect(formatMoney(1234.5, "JPY", "en-US")).toBe("¥1,235");
  });

  it("lists per-currency figures side by side, never summed", () => {
    const list = [
      { currency: "USD", amount: 10 },
      { currency: "EUR", amount: 20 },
      { currency: "JPY", amount: 3000 },
    ];
    expect(formatMoneyList(list, "en-US")).toBe("$10.00 · €20.00 · ¥3,000");
    expect(formatMoneyList([], "en-US")).toBe("$0.00");
    expect(formatMoneyList([], "en-US", "—")).toBe("—");
  });

  it("names a currency for pickers", () => {
    expect(currencyLabel("JPY", "en")).toBe("JPY · Japanese Yen");
  });
});
