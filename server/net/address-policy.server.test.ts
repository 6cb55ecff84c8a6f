import { describe, expect, it } from "vitest";
import {
  isPublicAddress,
  publicNetwork,
  resolvePublicAddress,
  WebhookAddressError,
  type WebhookNetwork,
} from "./address-policy.server";

describe("the webhook address policy", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["10.1.2.3", "private 10/8"],
    ["172.16.0.1", "private 172.16/12"],
    ["172.31.255.255", "private 172.16/12"],
    ["192.168.1.1", "private 192.168/16"],
    ["169.254.169.254", "link-local cloud metadata"],
    ["100.64.0.1", "carrier-grade NAT"],
    ["0.0.0.0", "this host"],
    ["0.1.2.3", "0/8"],
    ["224.0.0.1", "multicast"],
    ["255.255.255.255", "broadcast"],
    ["198.18.0.1", "benchmarking"],
    ["192.0.2.10", "documentation"],
    ["::1", "IPv6 loopback"],
    ["::", "IPv6 unspecified"],
    ["fc00::1", "unique local"],
    ["fd12:3456::1", "unique local"],
    ["fe80::1", "IPv6 link-local"],
    ["fe80::1%eth0", "IPv6 link-local with a zone"],
    ["ff02::1", "IPv6 multicast"],
    ["::ffff:127.0.0.1", "IPv4-mapped loopback"],
    ["::ffff:10.0.0.1", "IPv4-mapped private"],
    ["::ffff:a9fe:a9fe", "IPv4-mapped metadata, in hex"],
    ["64:ff9b::a00:1", "NAT64 of a private address"],
    ["2002:a00:1::1", "6to4 of a private address"],
    ["2001:db8::1", "IPv6 documentation"],
    ["not-an-address", "not an IP at all"],
  ])("refuses %s (%s)", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(["93.184.215.14", "8.8.8.8", "1.1.1.1", "172.32.0.1", "100.128.0.1", "2606:4700:4700::1111", "2a00:1450::1"])(
    "allows the public address %s",
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );

  /** A resolver with fixed answers, as DNS would give them. */
  function answering(answers: Record<string, string[]>): WebhookNetwork {
    return {
      async resolve(hostname) {
        const found = answers[hostname];
        if (!found) throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
        return found.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
      },
      allows: isPublicAddress,
    };
  }

  it("checks the addresses a name resolves to, refusing it when any one is private", async () => {
    const network = answering({
      "hooks.example.com": ["93.184.215.14"],
      "internal.example.com": ["10.0.0.5"],
      "mixed.example.com": ["93.184.215.14", "192.168.0.9"],
    });
    await expect(resolvePublicAddress(new URL("https://hooks.example.com/in"), network)).resolves.toEqual({
      address: "93.184.215.14",
      family: 4,
    });
    await expect(resolvePublicAddress(new URL("https://internal.example.com/"), network)).rejects.toThrow(
      /internal\.example\.com resolves to 10\.0\.0\.5/,
    );
    await expect(resolvePublicAddress(new URL("https://mixed.example.com/"), network)).rejects.toThrow(
      /192\.168\.0\.9/,
    );
  });

  it("takes IP literals as they are, IPv6 in brackets included, without asking DNS", async () => {
    const network = answering({});
    await expect(resolvePublicAddress(new URL("http://[::1]:8080/"), network)).rejects.toThrow(/public internet/);
    await expect(resolvePublicAddress(new URL("http://169.254.169.254/latest"), network)).rejects.toThrow(
      WebhookAddressError,
    );
    await expect(resolvePublicAddress(new URL("https://[2606:4700:4700::1111]/"), network)).resolves.toEqual({
      address: "2606:4700:4700::1111",
      family: 6,
    });
  });

  it("says a host that does not resolve could not be found, as a failure worth retrying", async () => {
    const refusal = await resolvePublicAddress(new URL("https://nowhere.example.com/"), answering({})).catch((e) => e);
    expect(refusal).toBeInstanceOf(WebhookAddressError);
    expect(refusal.transient).toBe(true);
    expect(refusal.message).toBe("The host nowhere.example.com could not be found.");
  });

  it("refuses localhost through the real resolver", async () => {
    const refusal = await resolvePublicAddress(new URL("http://localhost:3000/"), publicNetwork).catch((e) => e);
    expect(refusal).toBeInstanceOf(WebhookAddressError);
    expect(refusal.transient).toBe(false);
  });
});
