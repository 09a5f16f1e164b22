/*
 * _ddcore_wasm: the double-dummy search of _ddcore.c as a freestanding WebAssembly module, for the
 * live edition of the book (Pyodide in the browser cannot load the CPython extension).
 *
 * It is the same search, not a copy: this file includes _ddcore.c with DDCORE_FREESTANDING
 * defined (no Python, no C library), gives it the few library functions it uses, and exports
 * three functions that _wasm_core.py calls through Pyodide's JavaScript bridge:
 *
 *   dd_solve(hands as 8 32-bit halves, leader, ntrick, t0, t1, t2, broken, flags, objective,
 *            target, limit) -> the value, -1 when the node limit was reached, -2 when out of
 *            memory, -3 for bad input (dd_error() then points at the message);
 *   dd_nodes() -> the nodes the last solve visited (a double: exact to 2^53);
 *   dd_clear() -> empties the transposition table.
 *
 * Built by tools/lite/build_ddcore_wasm.sh with clang and lld (target wasm32, no emscripten).
 */
#include <stddef.h>
#include <stdint.h>

#define DDCORE_FREESTANDING 1

/* ---- the C library functions the search uses -------------------------------------------- */

/* Memory comes from growing the module's linear memory; the search allocates its table once
 * and never frees it (free() only runs when the allocation failed), so a bump allocator is all
 * it needs. */
extern unsigned char __heap_base;
static uintptr_t heap_top = 0;

void *malloc(size_t n) {
    if (heap_top == 0) heap_top = (uintptr_t)&__heap_base;
    uintptr_t start = (heap_top + 15) & ~(uintptr_t)15;
    if (n > UINTPTR_MAX - start) return NULL;
    uintptr_t end = start + n;
    uintptr_t have = (uintptr_t)__builtin_wasm_memory_size(0) * 65536u;
    if (end > have) {
        uintptr_t pages = (end - have + 65535u) / 65536u;
        if (__builtin_wasm_memory_grow(0, pages) == (size_t)-1) return NULL;
    }
    heap_top = end;
    return (void *)start;
}

void *memset(void *dst, int c, size_t n) {
    __builtin_memset(dst, c, n); /* memory.fill (bulk memory) */
    return dst;
}

void *memcpy(void *dst, const void *src, size_t n) {
    __builtin_memcpy(dst, src, n); /* memory.copy (bulk memory) */
    return dst;
}

void *calloc(size_t count, size_t size) {
    if (size && count > SIZE_MAX / size) return NULL;
    void *p = malloc(count * size);
    if (p != NULL) memset(p, 0, count * size);
    return p;
}

void free(void *p) { (void)p; }

#include "_ddcore.c"

/* ---- the exports ------------------------------------------------------------------------- */

static const char *last_error = "";

__attribute__((export_name("dd_solve"))) int dd_solve(uint32_t n_lo, uint32_t n_hi, uint32_t e_lo, uint32_t e_hi,
                                                      uint32_t s_lo, uint32_t s_hi, uint32_t w_lo, uint32_t w_hi,
                                                      int leader, int ntrick, int t0, int t1, int t2, int broken,
                                                      int flags, int objective, int target, double limit) {
    const u64 hands[4] = {(u64)n_hi << 32 | n_lo, (u64)e_hi << 32 | e_lo, (u64)s_hi << 32 | s_lo,
                          (u64)w_hi << 32 | w_lo};
    const long long trick[3] = {t0, t1, t2};
    State s;
    const char *error = init_state(&s, hands, leader, trick, ntrick, broken, flags, objective);
    if (error != NULL) {
        last_error = error;
        return -3;
    }
    return solve_state(&s, target, limit > 0 ? (long long)limit : 0);
}

__attribute__((export_name("dd_nodes"))) double dd_nodes(void) { return (double)last_nodes; }

__attribute__((export_name("dd_clear"))) void dd_clear(void) { clear_table(); }

__attribute__((export_name("dd_error"))) const char *dd_error(void) { return last_error; }
