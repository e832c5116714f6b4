// The balance check of a worker's result, a block of 64 bytes at a time (the technique of
// simdjson's first stage: one bit a byte for each class, escapes found by carries through
// backslash runs, strings by a prefix XOR of the quotes). Swift cannot reach a vector's
// movemask, which is what makes the block masks cheap; navhost runs this on every answer it
// routes (docs/performance.md, "The balance check in C").
#include "CJSONScan.h"
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

// One bit per byte of a block, for each class the check needs.
typedef struct {
    uint64_t quote, backslash, opening, closing, control;
} block_masks;

// The masks a byte at a time: what a target without SSE2 runs, and what the tests compare the
// vector masks with.
static inline block_masks classify_bytewise(const uint8_t *block) {
    block_masks masks = {0, 0, 0, 0, 0};
    for (int i = 0; i < 64; i++) {
        uint8_t byte = block[i], folded = byte | 0x20;
        uint64_t bit = 1ULL << i;
        if (byte == '"') masks.quote |= bit;
        if (byte == '\\') masks.backslash |= bit;
        if (folded == '{') masks.opening |= bit;
        if (folded == '}') masks.closing |= bit;
        if (byte < 0x20) masks.control |= bit;
    }
    return masks;
}

#if defined(__SSE2__)
static inline uint64_t bits_of(__m128i a, __m128i b, __m128i c, __m128i d) {
    return (uint64_t)(uint32_t)_mm_movemask_epi8(a) | (uint64_t)(uint32_t)_mm_movemask_epi8(b) << 16
        | (uint64_t)(uint32_t)_mm_movemask_epi8(c) << 32 | (uint64_t)(uint32_t)_mm_movemask_epi8(d) << 48;
}

static inline block_masks classify(const uint8_t *block) {
    __m128i v[4];
    for (int i = 0; i < 4; i++) v[i] = _mm_loadu_si128((const __m128i *)(block + 16 * i));
    const __m128i quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\');
    // '{' and '[' differ by 0x20 only, as do '}' and ']': one comparison each after an OR.
    const __m128i case_bit = _mm_set1_epi8(0x20), opening = _mm_set1_epi8('{'), closing = _mm_set1_epi8('}');
    // Below 0x20 exactly where max(byte, 0x1F) is 0x1F (unsigned).
    const __m128i last_control = _mm_set1_epi8(0x1F);
    __m128i q[4], b[4], o[4], c[4], k[4];
    for (int i = 0; i < 4; i++) {
        __m128i folded = _mm_or_si128(v[i], case_bit);
        q[i] = _mm_cmpeq_epi8(v[i], quote);
        b[i] = _mm_cmpeq_epi8(v[i], backslash);
        o[i] = _mm_cmpeq_epi8(folded, opening);
        c[i] = _mm_cmpeq_epi8(folded, closing);
        k[i] = _mm_cmpeq_epi8(_mm_max_epu8(v[i], last_control), last_control);
    }
    return (block_masks){
        bits_of(q[0], q[1], q[2], q[3]), bits_of(b[0], b[1], b[2], b[3]), bits_of(o[0], o[1], o[2], o[3]),
        bits_of(c[0], c[1], c[2], c[3]), bits_of(k[0], k[1], k[2], k[3]),
    };
}
#else
static inline block_masks classify(const uint8_t *block) { return classify_bytewise(block); }
#endif

static const uint64_t even_bits = 0x5555555555555555ULL;

// The bytes escaped by a backslash: each one right after a run of backslashes of odd length.
// `carried_odd_run` is 1 when the previous block ended in such a run (its first byte is then
// escaped), and is set for the next block.
static inline uint64_t escaped_bytes(uint64_t backslash, uint64_t *carried_odd_run) {
    uint64_t starts = backslash & ~(backslash << 1);
    // A run continuing from the last block counts its length from there: flip the parity.
    uint64_t even_start_mask = even_bits ^ *carried_odd_run;
    uint64_t even_starts = starts & even_start_mask;
    uint64_t odd_starts = starts & ~even_start_mask;
    // Adding a run's start to the run carries one past its end.
    uint64_t even_carries = backslash + even_starts;
    uint64_t odd_carries = backslash + odd_starts;
    uint64_t ends_odd = odd_carries < backslash;
    odd_carries |= *carried_odd_run;
    *carried_odd_run = ends_odd;
    uint64_t even_start_odd_end = even_carries & ~backslash & ~even_bits;
    uint64_t odd_start_even_end = odd_carries & ~backslash & even_bits;
    return even_start_odd_end | odd_start_even_end;
}

// Each bit the XOR of the bits up to and including it: 1 from an opening quote to the byte
// before its closing one.
static inline uint64_t prefix_xor(uint64_t bits) {
    bits ^= bits << 1;
    bits ^= bits << 2;
    bits ^= bits << 4;
    bits ^= bits << 8;
    bits ^= bits << 16;
    bits ^= bits << 32;
    return bits;
}

// `bytewise` is a constant at each call, and the function is inlined into both, so each entry
// point is compiled with one classifier (not inlined, it tested `bytewise` on every block).
static inline __attribute__((always_inline)) bool is_balanced_container(const uint8_t *bytes, size_t count, bool bytewise) {
    if (count == 0 || (bytes[0] | 0x20) != '{') return false;
    uint64_t carried_odd_run = 0;
    uint64_t in_string_before = 0;  // all ones when a string runs on from the previous block
    size_t depth = 0;
    uint8_t tail[64];
    for (size_t start = 0; start < count; start += 64) {
        const uint8_t *block = bytes + start;
        size_t length = count - start < 64 ? count - start : 64;
        if (length < 64) {
            // Spaces: no class of their own, so the padding changes nothing.
            memset(tail, ' ', sizeof tail);
            memcpy(tail, block, length);
            block = tail;
        }
        block_masks masks = bytewise ? classify_bytewise(block) : classify(block);
        if (masks.control) return false;
        uint64_t quotes = masks.quote & ~escaped_bytes(masks.backslash, &carried_odd_run);
        uint64_t in_string = prefix_xor(quotes) ^ in_string_before;
        in_string_before = (uint64_t)((int64_t)in_string >> 63);
        // A backslash outside a string is not JSON.
        if (masks.backslash & ~in_string) return false;
        uint64_t brackets = (masks.opening | masks.closing) & ~in_string;
        while (brackets) {
            unsigned bit = (unsigned)__builtin_ctzll(brackets);
            brackets &= brackets - 1;
            if (masks.opening >> bit & 1) {
                depth++;
            } else if (--depth == 0) {
                // The first byte opened the outer container, so the depth reaches 0 here first.
                return start + bit == count - 1;
            }
        }
    }
    return false;
}

bool navshell_is_balanced_container(const uint8_t *bytes, size_t count) {
    return is_balanced_container(bytes, count, false);
}

bool navshell_is_balanced_container_bytewise(const uint8_t *bytes, size_t count) {
    return is_balanced_container(bytes, count, true);
}
