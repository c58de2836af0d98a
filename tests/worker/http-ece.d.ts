// http_ece ships no types; the mock push service uses only decrypt.
declare module "http_ece" {
  const ece: {
    decrypt(
      buffer: Buffer,
      params: { version: "aes128gcm"; privateKey: import("node:crypto").ECDH; authSecret: Buffer },
    ): Buffer;
  };
  export default ece;
}
