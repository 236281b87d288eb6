#include "textflag.h"

// The kernels of the sparse engine's scans (scan.go, scan_amd64.go):
//
//   - findAVX2 and findBitsAVX512 search the pairs i of lo[i] ^ hi[n-1-i]
//     for wanted values, block by block: a block loads lo[i:i+b] and
//     hi[n-i-b:n-i], reverses the second, XORs them, tests the b values
//     against every wanted one at once, and only a block with a hit is
//     looked at lane by lane;
//   - markRare8Asm and markChunkAsm mark pairs' values with plain byte
//     stores whose 16-bit indexes the callers' slack makes safe.

// revw reverses the eight uint16 of each 128-bit lane (VPSHUFB).
DATA revw<>+0(SB)/8, $0x09080b0a0d0c0f0e
DATA revw<>+8(SB)/8, $0x0100030205040706
DATA revw<>+16(SB)/8, $0x09080b0a0d0c0f0e
DATA revw<>+24(SB)/8, $0x0100030205040706
GLOBL revw<>(SB), RODATA|NOPTR, $32

// revw32 is 31, 30, ..., 0: VPERMW with it reverses 32 uint16.
DATA revw32<>+0(SB)/8, $0x001c001d001e001f
DATA revw32<>+8(SB)/8, $0x00180019001a001b
DATA revw32<>+16(SB)/8, $0x0014001500160017
DATA revw32<>+24(SB)/8, $0x0010001100120013
DATA revw32<>+32(SB)/8, $0x000c000d000e000f
DATA revw32<>+40(SB)/8, $0x00080009000a000b
DATA revw32<>+48(SB)/8, $0x0004000500060007
DATA revw32<>+56(SB)/8, $0x0000000100020003
GLOBL revw32<>(SB), RODATA|NOPTR, $64

// AVX2: a block is 32 pairs, two vectors of 16. SI = &lo[0], BX = i,
// DI = &hi[n-16-i], CX = the pairs in whole blocks. Y0 and Y1 get the
// block's values; Y4 and Y5 the lanes equal to a wanted value; Y7..Y14 the
// wanted values; Y15 the shuffle.

#define AVX2_LOADXOR \
	VMOVDQU (DI), Y2; \
	VMOVDQU -32(DI), Y3; \
	VPSHUFB Y15, Y2, Y2; \
	VPSHUFB Y15, Y3, Y3; \
	VPERMQ  $0x4e, Y2, Y2; \
	VPERMQ  $0x4e, Y3, Y3; \
	VPXOR   (SI)(BX*2), Y2, Y0; \
	VPXOR   32(SI)(BX*2), Y3, Y1

// AVX2_ANY4 sets r to the lanes of x equal to one of w0..w3.
#define AVX2_ANY4(w0, w1, w2, w3, x, r, t1, t2) \
	VPCMPEQW w0, x, r; \
	VPCMPEQW w1, x, t1; \
	VPOR     t1, r, r; \
	VPCMPEQW w2, x, t1; \
	VPCMPEQW w3, x, t2; \
	VPOR     t2, t1, t1; \
	VPOR     t1, r, r

// AVX2_NEXT tests Y4 and Y5 and moves to the next block.
#define AVX2_NEXT(loop) \
	VPOR  Y4, Y5, Y6; \
	VPTEST Y6, Y6; \
	JNZ   avx2found; \
	ADDQ  $32, BX; \
	SUBQ  $64, DI; \
	CMPQ  BX, CX; \
	JLT   loop; \
	JMP   avx2none

// func findAVX2(lo, hi []uint16, want *[searchMax]uint16, k int) int
TEXT ·findAVX2(SB), NOSPLIT, $0-72
	MOVQ lo_base+0(FP), SI
	MOVQ lo_len+8(FP), CX
	MOVQ hi_base+24(FP), DI
	MOVQ want+48(FP), AX
	MOVQ k+56(FP), DX
	LEAQ -32(DI)(CX*2), DI
	ANDQ $~31, CX
	XORQ BX, BX
	TESTQ CX, CX
	JZ   avx2none
	VMOVDQU revw<>(SB), Y15
	VPBROADCASTW 0(AX), Y7
	VPBROADCASTW 2(AX), Y8
	VPBROADCASTW 4(AX), Y9
	VPBROADCASTW 6(AX), Y10
	VPBROADCASTW 8(AX), Y11
	VPBROADCASTW 10(AX), Y12
	VPBROADCASTW 12(AX), Y13
	VPBROADCASTW 14(AX), Y14
	CMPQ DX, $2
	JLT  avx2loop1
	JEQ  avx2loop2
	CMPQ DX, $4
	JEQ  avx2loop4

avx2loop8:
	AVX2_LOADXOR
	AVX2_ANY4(Y7, Y8, Y9, Y10, Y0, Y4, Y2, Y6)
	AVX2_ANY4(Y11, Y12, Y13, Y14, Y0, Y2, Y3, Y6)
	VPOR Y2, Y4, Y4
	AVX2_ANY4(Y7, Y8, Y9, Y10, Y1, Y5, Y2, Y6)
	AVX2_ANY4(Y11, Y12, Y13, Y14, Y1, Y2, Y3, Y6)
	VPOR Y2, Y5, Y5
	AVX2_NEXT(avx2loop8)

avx2loop4:
	AVX2_LOADXOR
	AVX2_ANY4(Y7, Y8, Y9, Y10, Y0, Y4, Y2, Y6)
	AVX2_ANY4(Y7, Y8, Y9, Y10, Y1, Y5, Y3, Y6)
	AVX2_NEXT(avx2loop4)

avx2loop2:
	AVX2_LOADXOR
	VPCMPEQW Y7, Y0, Y4
	VPCMPEQW Y8, Y0, Y2
	VPOR     Y2, Y4, Y4
	VPCMPEQW Y7, Y1, Y5
	VPCMPEQW Y8, Y1, Y3
	VPOR     Y3, Y5, Y5
	AVX2_NEXT(avx2loop2)

avx2loop1:
	AVX2_LOADXOR
	VPCMPEQW Y7, Y0, Y4
	VPCMPEQW Y7, Y1, Y5
	AVX2_NEXT(avx2loop1)

avx2found:
	// The first lane set: two mask bits a uint16 lane.
	VPMOVMSKB Y4, AX
	TESTL AX, AX
	JNZ   avx2lane
	VPMOVMSKB Y5, AX
	ADDQ  $16, BX

avx2lane:
	BSFL AX, AX
	SHRL $1, AX
	ADDQ AX, BX
	MOVQ BX, ret+64(FP)
	VZEROUPPER
	RET

avx2none:
	MOVQ CX, ret+64(FP)
	VZEROUPPER
	RET

// func findBitsAVX512(lo, hi []uint16, bits *[bitsSpan / 16]uint16, count int) (end, left int)
//
// The search for a set of wanted values below 1024 (bit v of bits, count
// of them), every pair value below 1024: for the pairs i < n&^31 in
// order, a pair whose value is wanted clears its bit; when count reaches
// 0 it returns (i+1, 0), else (n&^31, count). A block of 32 values looks
// up bits word v>>4 in the 64 words held in Z11 and Z12 (VPERMI2W) and
// shifts it by v&15; a block with a set bit is then taken lane by lane
// against the bitmap in memory, and a wanted value found is cleared there
// and in the registers (no reload: a narrow store then a wide load of the
// same bytes stalls).
TEXT ·findBitsAVX512(SB), NOSPLIT, $0-80
	MOVQ lo_base+0(FP), SI
	MOVQ lo_len+8(FP), CX
	MOVQ hi_base+24(FP), DI
	MOVQ bits+48(FP), R8
	MOVQ count+56(FP), R9
	LEAQ -64(DI)(CX*2), DI
	ANDQ $~31, CX
	XORQ BX, BX
	TESTQ CX, CX
	JZ   bitsnone
	VMOVDQU64 revw32<>(SB), Z15
	MOVL $15, AX
	VPBROADCASTW AX, Z14
	MOVL $1, AX
	VPBROADCASTW AX, Z13
	VMOVDQU64 (R8), Z11
	VMOVDQU64 64(R8), Z12

bitsloop:
	VPERMW   (DI), Z15, Z0
	VPXORD   (SI)(BX*2), Z0, Z0
	VPSRLW   $4, Z0, Z1
	VPERMI2W Z12, Z11, Z1
	VPANDD   Z14, Z0, Z2
	VPSRLVW  Z2, Z1, Z1
	VPTESTMW Z13, Z1, K1
	KORTESTD K1, K1
	JNZ      bitshit

bitsnext:
	ADDQ $32, BX
	SUBQ $64, DI
	CMPQ BX, CX
	JLT  bitsloop

bitsnone:
	MOVQ CX, end+64(FP)
	MOVQ R9, left+72(FP)
	VZEROUPPER
	RET

bitshit:
	KMOVD K1, AX

bitslane:
	// Lane DX: the value lo[i+j] ^ hi[n-1-i-j], hi[n-1-i-j] at
	// 62-2j(DI).
	BSFL    AX, DX
	LEAQ    (BX)(DX*1), R10
	MOVWLZX (SI)(R10*2), R10
	MOVQ    DX, R11
	NEGQ    R11
	MOVWLZX 62(DI)(R11*2), R11
	XORL    R11, R10
	ANDL    $1023, R10
	// Clear its bit in memory, if set (a value may occur twice in a
	// block).
	MOVL    R10, R11
	SHRL    $5, R11
	MOVL    (R8)(R11*4), R12
	BTRL    R10, R12
	JCC     bitsclear
	MOVL    R12, (R8)(R11*4)
	DECQ    R9
	JZ      bitsdone
	// And in the registers: subtract 1<<(v&15) from word v>>4.
	MOVL    R10, R11
	ANDL    $15, R11
	MOVL    $1, R12
	SHLXL   R11, R12, R12
	VPBROADCASTW R12, Z3
	MOVL    R10, R11
	SHRL    $4, R11
	MOVL    $1, R12
	SHLXL   R11, R12, R12
	KMOVD   R12, K2
	CMPL    R11, $32
	JAE     bitshigh
	VPSUBW  Z3, Z11, K2, Z11
	JMP     bitsclear

bitshigh:
	VPSUBW  Z3, Z12, K2, Z12

bitsclear:
	LEAL -1(AX), R11
	ANDL R11, AX
	JNZ  bitslane
	JMP  bitsnext

bitsdone:
	LEAQ 1(BX)(DX*1), BX
	MOVQ BX, end+64(FP)
	MOVQ $0, left+72(FP)
	VZEROUPPER
	RET

// func markRare8Asm(seen *uint8, offs *[8]uint32, es []uint64, gm0 *uint16)
//
// For each entry e of es (a rare heap size p = e>>16, its value v = e's
// low 16 bits) and i < 8: seen[offs[i] + (v ^ gm0[i-p])] = 1, a byte store
// through one of eight base registers. The index is below 2^16 by
// construction (two zero-extended uint16 XORed): the caller makes sure
// seen has 2^16 bytes past every offs[i].
TEXT ·markRare8Asm(SB), NOSPLIT, $0-48
	MOVQ seen+0(FP), DI
	MOVQ offs+8(FP), AX
	MOVQ es_base+16(FP), SI
	MOVQ es_len+24(FP), CX
	MOVQ gm0+40(FP), R8
	MOVL 4(AX), BX
	ADDQ DI, BX
	MOVL 8(AX), DX
	ADDQ DI, DX
	MOVL 12(AX), R9
	ADDQ DI, R9
	MOVL 16(AX), R10
	ADDQ DI, R10
	MOVL 20(AX), R11
	ADDQ DI, R11
	MOVL 24(AX), R12
	ADDQ DI, R12
	MOVL 28(AX), R13
	ADDQ DI, R13
	TESTQ CX, CX
	JZ   raredone

#define RARE_LANE(off, base) \
	MOVWLZX off(AX), R14; \
	XORL    R15, R14; \
	MOVB    $1, (base)(R14*1)

rareloop:
	MOVQ    (SI), AX
	MOVWLZX AX, R15
	SHRQ    $16, AX
	NEGQ    AX
	LEAQ    (R8)(AX*2), AX
	RARE_LANE(0, DI)
	RARE_LANE(2, BX)
	RARE_LANE(4, DX)
	RARE_LANE(6, R9)
	RARE_LANE(8, R10)
	RARE_LANE(10, R11)
	RARE_LANE(12, R12)
	RARE_LANE(14, R13)
	ADDQ $8, SI
	DECQ CX
	JNZ  rareloop

raredone:
	RET

// func markChunkAsm(seen *uint8, lo, hi []uint16)
//
// seen[lo[i] ^ hi[n-1-i]] = 1 for i < n = len(lo) = len(hi): three
// instructions a pair. The index is below 2^16 by construction (a
// zero-extended uint16 XORed with a uint16): the caller makes sure seen
// has 2^16 bytes.
TEXT ·markChunkAsm(SB), NOSPLIT, $0-56
	MOVQ seen+0(FP), DI
	MOVQ lo_base+8(FP), SI
	MOVQ lo_len+16(FP), CX
	MOVQ hi_base+32(FP), DX
	LEAQ -2(DX)(CX*2), DX
	SUBQ $8, CX
	JLT  chunktail

#define CHUNK_PAIR(i, r) \
	MOVWLZX (2*i)(SI), r; \
	XORW    (-2*i)(DX), r; \
	MOVB    $1, (DI)(r*1)

chunkloop:
	CHUNK_PAIR(0, AX)
	CHUNK_PAIR(1, BX)
	CHUNK_PAIR(2, R8)
	CHUNK_PAIR(3, R9)
	CHUNK_PAIR(4, R10)
	CHUNK_PAIR(5, R11)
	CHUNK_PAIR(6, R12)
	CHUNK_PAIR(7, R13)
	ADDQ $16, SI
	SUBQ $16, DX
	SUBQ $8, CX
	JGE  chunkloop

chunktail:
	ADDQ $8, CX
	JZ   chunkdone

chunkone:
	CHUNK_PAIR(0, AX)
	ADDQ $2, SI
	SUBQ $2, DX
	DECQ CX
	JNZ  chunkone

chunkdone:
	RET
