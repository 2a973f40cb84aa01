package binary

// A per-byte reference implementation of the 7-bit encoding, written
// directly from the format description, used to check the kernel on random
// inputs and as the benchmark baseline.
//
// The raw bytes are one big-endian bit stream, cut into 7-bit pieces. A
// full group of 7 bytes (56 bits) gives exactly 8 pieces. A trailing group
// of n bytes (8n bits, n <= 6) gives n full 7-bit pieces and leaves n bits
// over, which form one last byte, right-aligned.

// refEncode appends the encoding of src to dst.
func refEncode(dst, src []byte) []byte {
	var acc uint // pending bits, in the low `bits` bits
	bits := uint(0)
	for _, c := range src {
		acc = acc<<8 | uint(c)
		bits += 8
		for bits >= 7 {
			bits -= 7
			dst = append(dst, byte(acc>>bits)&0x7F)
		}
		acc &= 1<<bits - 1
	}
	if bits > 0 {
		// The end of a partial group of n bytes: n bits are left over.
		dst = append(dst, byte(acc))
	}
	return dst
}

// refDecode appends the decoding of src to dst. In strict mode an encoded
// byte with its high bit set stops it: it returns the bytes decoded from
// the groups before that byte and the byte's offset. ok is false for an
// impossible length (len(src)%8 == 1); bad is -1 when there is no error.
func refDecode(dst, src []byte, lenient bool) (out []byte, bad int, ok bool) {
	if len(src)%8 == 1 {
		return dst, -1, false
	}
	var acc uint
	bits := uint(0)
	tail := uint(len(src) % 8) // encoded bytes in a final partial group, 0 if none
	groupStart := len(dst)
	for i, c := range src {
		if i%8 == 0 {
			groupStart = len(dst)
		}
		if c&0x80 != 0 && !lenient {
			return dst[:groupStart], i, true
		}
		c &= 0x7F
		if tail != 0 && i == len(src)-1 {
			// Last byte of a partial group of n = tail-1 raw bytes: it
			// carries n bits, right-aligned; higher bits are padding.
			n := tail - 1
			acc = acc<<n | uint(c)&(1<<n-1)
			bits += n
		} else {
			acc = acc<<7 | uint(c)
			bits += 7
		}
		for bits >= 8 {
			bits -= 8
			dst = append(dst, byte(acc>>bits))
		}
		acc &= 1<<bits - 1
	}
	return dst, -1, true
}
