/* Reading build/catalog.json (its format: src/hashbench/catalog/compiled.py) with jansson.
 * Only the algorithms of this runner's rows are read; strings point into the parsed
 * document, which lives as long as the process. */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "catalog.h"

static alg_spec *catalog_algs;
static int catalog_nalgs;
static catalog_row *catalog_rows;
static int catalog_nrows;

/* The parameter names adapters read, and their slots in req->param (runner.h). */
static const struct {
    const char *name;
    param_id id;
} SLOTS[] = {
    {"m", P_M},           {"t", P_T}, {"p", P_P},       {"version", P_VERSION},
    {"n", P_N},           {"r", P_R}, {"cost", P_COST}, {"iterations", P_ITERATIONS},
    {"rounds", P_ROUNDS},
};

static char path[PATH_MAX];

static bool fail(char *msg, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static bool fail(char *msg, size_t n, const char *fmt, ...) {
    int used = snprintf(msg, n, "compiled catalog %s: ", path);
    va_list args;
    va_start(args, fmt);
    if (used >= 0 && (size_t)used < n) vsnprintf(msg + used, n - (size_t)used, fmt, args);
    va_end(args);
    return false;
}

/* $HASHBENCH_CATALOG; else build/catalog.json under $HASHBENCH_ROOT, else under the
 * repository root: four levels above runners/c/build/hashbench-runner. */
static void find_path(void) {
    const char *named = getenv("HASHBENCH_CATALOG");
    if (named && *named) {
        snprintf(path, sizeof path, "%s", named);
        return;
    }
    char root[PATH_MAX] = ".";
    const char *env_root = getenv("HASHBENCH_ROOT");
    if (env_root && *env_root) {
        snprintf(root, sizeof root, "%s", env_root);
    } else {
        ssize_t len = readlink("/proc/self/exe", root, sizeof root - 1);
        root[len > 0 ? len : 0] = '\0';
        for (int up = 0; up < 4; up++) {
            char *slash = strrchr(root, '/');
            if (slash) *slash = '\0';
        }
        if (!root[0]) snprintf(root, sizeof root, "/");
    }
    snprintf(path, sizeof path, "%s/build/catalog.json", root);
}

static bool slot_of(const char *name, param_id *id) {
    for (size_t i = 0; i < sizeof SLOTS / sizeof SLOTS[0]; i++)
        if (strcmp(SLOTS[i].name, name) == 0) {
            *id = SLOTS[i].id;
            return true;
        }
    return false;
}

/* An integer member, or `fallback` when absent (required: absent is an error). */
static bool get_int(json_t *obj, const char *key, bool required, long long fallback, long long *out,
                    const char *where, char *msg, size_t n) {
    json_t *v = json_object_get(obj, key);
    *out = fallback;
    if (!v && !required) return true;
    if (!json_is_integer(v)) return fail(msg, n, "%s.%s must be an integer", where, key);
    *out = json_integer_value(v);
    return true;
}

/* {"default", "min", "max"?}: a length or salt rule; null or absent leaves *has false. */
static bool read_range(json_t *alg, const char *key, const char *name, bool *has, range_t *r,
                       char *msg, size_t n) {
    json_t *v = json_object_get(alg, key);
    char where[96];
    snprintf(where, sizeof where, "algorithms.%s.%s", name, key);
    *has = v && !json_is_null(v);
    if (!*has) return true;
    if (!json_is_object(v)) return fail(msg, n, "%s must be an object or null", where);
    return get_int(v, "default", true, 0, &r->def, where, msg, n) &&
           get_int(v, "min", true, 0, &r->min, where, msg, n) &&
           get_int(v, "max", false, -1, &r->max, where, msg, n);
}

static bool read_choices(json_t *rule, param_spec *ps, const char *where, char *msg, size_t n) {
    json_t *list = json_object_get(rule, "choices");
    if (!list) return true;
    if (!json_is_array(list) || json_array_size(list) == 0 ||
        json_array_size(list) > HB_MAX_CHOICES)
        return fail(msg, n, "%s.choices must be a list of 1 to %d integers", where, HB_MAX_CHOICES);
    size_t i;
    json_t *v;
    json_array_foreach(list, i, v) {
        if (!json_is_integer(v)) return fail(msg, n, "%s.choices must hold integers", where);
        ps->choices[ps->nchoices++] = json_integer_value(v);
    }
    return true;
}

static bool read_min_per(json_t *rule, param_spec *ps, const char *where, char *msg, size_t n) {
    json_t *per = json_object_get(rule, "min_per");
    if (!per) return true;
    json_t *other = json_object_get(per, "param");
    if (!json_is_string(other) || !slot_of(json_string_value(other), &ps->min_per))
        return fail(msg, n, "%s.min_per.param must name a parameter", where);
    ps->has_min_per = true;
    return get_int(per, "factor", true, 0, &ps->min_per_factor, where, msg, n);
}

static bool read_param(const char *alg_name, const char *key, json_t *rule, param_spec *ps,
                       char *msg, size_t n) {
    char where[96];
    snprintf(where, sizeof where, "algorithms.%s.params.%s", alg_name, key);
    if (!json_is_object(rule)) return fail(msg, n, "%s must be an object", where);
    if (!slot_of(key, &ps->id))
        return fail(msg, n, "%s: the C runner has no slot for parameter '%s' (runner.h)", where,
                    key);
    ps->name = key;
    json_t *pow2 = json_object_get(rule, "power_of_two");
    ps->power_of_two = json_is_true(pow2);
    return get_int(rule, "default", true, 0, &ps->range.def, where, msg, n) &&
           get_int(rule, "min", false, LLONG_MIN, &ps->range.min, where, msg, n) &&
           get_int(rule, "max", false, -1, &ps->range.max, where, msg, n) &&
           read_choices(rule, ps, where, msg, n) && read_min_per(rule, ps, where, msg, n);
}

static bool read_alg(json_t *algorithms, const char *name, alg_spec *alg, char *msg, size_t n) {
    json_t *spec = json_object_get(algorithms, name);
    if (!json_is_object(spec)) return fail(msg, n, "no algorithm '%s' under algorithms", name);
    alg->name = name;
    const char *kind = json_string_value(json_object_get(spec, "kind"));
    if (!kind || (strcmp(kind, "password") != 0 && strcmp(kind, "digest") != 0))
        return fail(msg, n, "algorithms.%s.kind must be \"password\" or \"digest\"", name);
    alg->kind = strcmp(kind, "digest") == 0 ? KIND_DIGEST : KIND_PASSWORD;
    if (alg->kind == KIND_DIGEST) {
        json_t *bytes = json_object_get(spec, "output_bytes");
        if (!json_is_integer(bytes) || json_integer_value(bytes) < 1 ||
            json_integer_value(bytes) > HB_OUT_MAX)
            return fail(msg, n, "algorithms.%s.output_bytes must be an integer 1..%d", name,
                        HB_OUT_MAX);
        alg->digest_bytes = (size_t)json_integer_value(bytes);
    }
    if (!read_range(spec, "length", name, &alg->has_length, &alg->length, msg, n) ||
        !read_range(spec, "salt", name, &alg->has_salt, &alg->salt, msg, n))
        return false;
    json_t *params = json_object_get(spec, "params");
    if (params && !json_is_object(params))
        return fail(msg, n, "algorithms.%s.params must be an object", name);
    if (json_object_size(params) > HB_MAX_ALG_PARAMS)
        return fail(msg, n, "algorithms.%s has over %d parameters", name, HB_MAX_ALG_PARAMS);
    const char *key;
    json_t *rule;
    json_object_foreach(params, key, rule) {
        if (!read_param(name, key, rule, &alg->params[alg->nparams++], msg, n)) return false;
    }
    return true;
}

/* Adds `name` to catalog_algs unless it is there; false if the catalog has it wrong. */
static bool add_alg(json_t *algorithms, const char *name, char *msg, size_t n) {
    for (int i = 0; i < catalog_nalgs; i++)
        if (strcmp(catalog_algs[i].name, name) == 0) return true;
    return read_alg(algorithms, name, &catalog_algs[catalog_nalgs++], msg, n);
}

static bool read_row(json_t *algorithms, const char *id, json_t *row, catalog_row *out, char *msg,
                     size_t n) {
    json_t *library = json_object_get(row, "library"), *backend = json_object_get(row, "backend"),
           *algs = json_object_get(row, "algorithms");
    if (!json_is_string(library) || !json_is_string(backend) || !json_is_array(algs))
        return fail(msg, n, "runners.*.%s needs library, backend (strings) and algorithms", id);
    const char **names = calloc(json_array_size(algs) + 1, sizeof *names);
    if (!names) return fail(msg, n, "out of memory");
    size_t i;
    json_t *v;
    json_array_foreach(algs, i, v) {
        if (!json_is_string(v)) return fail(msg, n, "runners.*.%s.algorithms: not a string", id);
        names[i] = json_string_value(v);
        if (!add_alg(algorithms, names[i], msg, n)) return false;
    }
    *out = (catalog_row){id, json_string_value(library), json_string_value(backend), names};
    return true;
}

bool catalog_load(const char *runner, char *msg, size_t n) {
    find_path();
    json_error_t error;
    json_t *root = json_load_file(path, 0, &error); /* kept: rows point into it */
    if (!root && error.line > 0) return fail(msg, n, "%s (line %d)", error.text, error.line);
    if (!root) return fail(msg, n, "%s", error.text);
    json_t *format = json_object_get(root, "catalog"),
           *algorithms = json_object_get(root, "algorithms"),
           *runners = json_object_get(root, "runners");
    if (!json_is_integer(format) || json_integer_value(format) != 1)
        return fail(msg, n, "not a catalog of format 1 (\"catalog\": 1)");
    if (!json_is_object(algorithms) || !json_is_object(runners))
        return fail(msg, n, "\"algorithms\" and \"runners\" must be objects");
    json_t *mine = json_object_get(runners, runner);
    if (mine && !json_is_object(mine)) return fail(msg, n, "runners.%s must be an object", runner);
    catalog_algs = calloc(json_object_size(algorithms) + 1, sizeof *catalog_algs);
    catalog_rows = calloc(json_object_size(mine) + 1, sizeof *catalog_rows);
    if (!catalog_algs || !catalog_rows) return fail(msg, n, "out of memory");
    const char *id;
    json_t *row;
    json_object_foreach(mine, id, row) {
        if (!json_is_object(row))
            return fail(msg, n, "runners.%s.%s must be an object", runner, id);
        if (!read_row(algorithms, id, row, &catalog_rows[catalog_nrows++], msg, n)) return false;
    }
    return true;
}

const alg_spec *catalog_find(const char *name) {
    for (int i = 0; i < catalog_nalgs; i++)
        if (strcmp(catalog_algs[i].name, name) == 0) return &catalog_algs[i];
    return NULL;
}

const catalog_row *catalog_row_find(const char *id) {
    for (int i = 0; i < catalog_nrows; i++)
        if (strcmp(catalog_rows[i].id, id) == 0) return &catalog_rows[i];
    return NULL;
}
